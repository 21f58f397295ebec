import { z } from 'zod';
import { provideCsrfToken } from '../http/csrf.js';
import { signedInOrVisitor } from '../http/signed-in-or-visitor.js';
import {
  clearSessionCookie,
  readDeviceToken,
  readSessionToken,
  setDeviceCookie,
  setRegistrationCookie,
  setSessionCookie,
} from '../http/session-cookie.js';
import {
  cancelEmailChange,
  confirmEmailChange,
  undoEmailChange,
} from '../services/auth/account-email-change.js';
import { login, logout } from '../services/auth/login.js';
import { changePassword } from '../services/auth/password-change.js';
import { requestPasswordReset, resetPassword } from '../services/auth/password-reset.js';
import { registerAccount, resendVerification } from '../services/auth/registration.js';
import { sessionUserSchema, toSessionUser } from '../services/auth/users.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';

const EMAIL_MAX = 320;
const PASSWORD_INPUT_MAX = 1024;
const TOKEN_MAX = 200;

/** `{ data: { message } }`: the web app reads `data.message`. */
const messageOutput = z.object({ data: z.object({ message: z.string() }) });
const withMessage = ({ message }: { message: string }) => ({ data: { message } });

const credentialsInput = z.object({
  email: z.string().max(EMAIL_MAX).optional(),
  password: z.string().max(PASSWORD_INPUT_MAX).optional(),
});
const emailInput = z.object({ email: z.string().max(EMAIL_MAX).optional() });

export const authRouter = router({
  csrfToken: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/auth/csrf-token', tags: ['auth'], summary: 'Get a CSRF token' },
    })
    .input(z.void())
    .output(z.object({ csrfToken: z.string() }))
    .query(({ ctx }) => ({ csrfToken: provideCsrfToken(ctx.req, ctx.reply, ctx.deps.config) })),

  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/register',
        tags: ['auth'],
        summary: 'Create an account and mail its verification link',
      },
    })
    .input(credentialsInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      const registered = await registerAccount(ctx.deps, {
        ...input,
        ip: ctx.req.ip,
        client: ctx.req.client,
      });
      setRegistrationCookie(ctx.reply, registered.registrationProof, ctx.deps.config);
      return withMessage(registered);
    }),

  resendVerification: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/resend-verification',
        tags: ['auth'],
        summary: 'Mail a new verification link',
      },
    })
    .input(emailInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) =>
      withMessage(await resendVerification(ctx.deps, { ...input, ip: ctx.req.ip, client: ctx.req.client })),
    ),

  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: ['auth'],
        summary: 'Log in; sets the session cookie',
      },
    })
    .input(credentialsInput.extend({ rememberMe: z.boolean().optional() }))
    .output(z.object({ user: sessionUserSchema }))
    .mutation(async ({ ctx, input }) => {
      const { user, session, deviceToken } = await login(ctx.deps, {
        ...input,
        ip: ctx.req.ip,
        client: ctx.req.client,
        userAgent: ctx.req.headers['user-agent'],
        deviceToken: readDeviceToken(ctx.req),
        request: ctx.login,
      });
      // The browser's previous session (if any) ends: one live session per cookie jar.
      await logout(ctx.deps, readSessionToken(ctx.req));
      setSessionCookie(ctx.reply, session, ctx.deps.config);
      setDeviceCookie(ctx.reply, deviceToken, ctx.deps.config);
      return { user };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End this session' } })
    .input(z.void())
    .output(messageOutput)
    .mutation(async ({ ctx }) => {
      await logout(ctx.deps, readSessionToken(ctx.req));
      clearSessionCookie(ctx.reply, ctx.deps.config);
      return withMessage({ message: 'You have been logged out.' });
    }),

  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags: ['auth'], summary: 'The signed-in user' } })
    .input(z.void())
    .output(z.object({ data: sessionUserSchema }))
    .query(async ({ ctx }) => ({ data: await toSessionUser(ctx.deps, ctx.user) })),

  session: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/session',
        tags: ['auth'],
        summary: 'The signed-in user, or null for a visitor (200 either way, unlike /auth/me)',
      },
    })
    .input(z.void())
    .output(z.object({ data: sessionUserSchema.nullable() }))
    .query(async ({ ctx }) => {
      const signedIn = await signedInOrVisitor(ctx.deps, ctx.req);
      return { data: signedIn ? await toSessionUser(ctx.deps, signedIn.user) : null };
    }),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/forgot-password',
        tags: ['auth'],
        summary: 'Mail a password reset link',
      },
    })
    .input(emailInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) =>
      withMessage(await requestPasswordReset(ctx.deps, { ...input, ip: ctx.req.ip, client: ctx.req.client })),
    ),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password',
        tags: ['auth'],
        summary: 'Set a new password from a reset link',
      },
    })
    .input(
      z.object({
        token: z.string().max(TOKEN_MAX).optional(),
        password: z.string().max(PASSWORD_INPUT_MAX).optional(),
      }),
    )
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      const { message, deviceToken } = await resetPassword(ctx.deps, { ...input, client: ctx.req.client });
      // Following the mailed link proves the browser is the owner's: it is trusted from now on.
      setDeviceCookie(ctx.reply, deviceToken, ctx.deps.config);
      return withMessage({ message });
    }),

  changePassword: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/change-password',
        tags: ['auth'],
        summary: 'Change my password (current password required); signs out my other sessions',
      },
    })
    .input(
      z.object({
        currentPassword: z.string().max(PASSWORD_INPUT_MAX).optional(),
        newPassword: z.string().max(PASSWORD_INPUT_MAX).optional(),
      }),
    )
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      const { message, deviceToken } = await changePassword(ctx.deps, {
        user: ctx.user,
        session: ctx.session,
        ...input,
      });
      // The device token is signed over the password: this browser stays trusted.
      setDeviceCookie(ctx.reply, deviceToken, ctx.deps.config);
      return withMessage({ message });
    }),

  confirmEmailChange: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/confirm-email-change',
        tags: ['auth'],
        summary: 'Move the account to its new email, from the link mailed to that address',
      },
    })
    .input(z.object({ token: z.string().max(TOKEN_MAX).optional() }))
    .output(z.object({ data: z.object({ message: z.string(), email: z.string() }) }))
    .mutation(async ({ ctx, input }) => ({ data: await confirmEmailChange(ctx.deps, input.token) })),

  cancelEmailChange: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/cancel-email-change',
        tags: ['auth'],
        summary: 'Stop a pending email change, from the link mailed to the current address',
      },
    })
    .input(z.object({ token: z.string().max(TOKEN_MAX).optional() }))
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => withMessage(await cancelEmailChange(ctx.deps, input.token))),

  undoEmailChange: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/undo-email-change',
        tags: ['auth'],
        summary:
          '"This wasn\'t me": move the account back to its previous email, sign every device out and wipe the password',
      },
    })
    .input(z.object({ token: z.string().max(TOKEN_MAX).optional() }))
    .output(z.object({ data: z.object({ message: z.string(), choosePasswordToken: z.string() }) }))
    .mutation(async ({ ctx, input }) => ({ data: await undoEmailChange(ctx.deps, input.token) })),
});
