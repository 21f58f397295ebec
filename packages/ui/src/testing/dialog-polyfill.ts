// jsdom has HTMLDialogElement but not show(), showModal() or close(). For tests only, this stands
// in for what a browser does: toggle `open`, focus the first focusable element, fire `close`,
// and turn Escape into a cancelable `cancel` event on the top open dialog. It does not make the
// page behind inert.
const FOCUSABLE =
  '[autofocus], a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function installDialogPolyfill(): void {
  if (typeof HTMLDialogElement === 'undefined') return;
  const proto: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
  if (proto.showModal) return;
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (!this.isConnected) throw new DOMException('The dialog is not connected', 'InvalidStateError');
    this.setAttribute('open', '');
    (this.querySelector<HTMLElement>(FOCUSABLE) ?? this).focus();
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    // Browsers fire `close` from a queued task, not synchronously.
    queueMicrotask(() => this.dispatchEvent(new Event('close')));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const dialog = [...document.querySelectorAll('dialog[open]')].at(-1) as HTMLDialogElement | undefined;
    if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}
