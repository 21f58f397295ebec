/** The remember-me flag lives in session storage under this key. */
export const REMEMBER_ME_KEY = 'fm_remember_me';

export function setRememberMe(isRemembered: boolean): void {
  try {
    if (isRemembered) sessionStorage.setItem(REMEMBER_ME_KEY, 'true');
    else sessionStorage.removeItem(REMEMBER_ME_KEY);
  } catch {
    // storage can be unavailable (private mode); the flag is informational only
  }
}

export function isRememberMeSet(): boolean {
  try {
    return sessionStorage.getItem(REMEMBER_ME_KEY) === 'true';
  } catch {
    return false;
  }
}
