import { z } from 'zod';
import { PLAN_NAMES } from './plans';
import { PASSWORD_MIN_LENGTH } from './limits';

export const PlanNameSchema = z.enum(PLAN_NAMES);

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: PlanNameSchema,
  isGuest: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const MeResponseSchema = z.object({ user: UserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';

export const RegisterRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  password: z.string().min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT }).max(1024),
  name: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { message: 'Please enter your email address' }),
  password: z.string().min(1, { message: 'Please enter your password' }).max(1024),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** /auth/callback hands the code it was given to the server, which answers {token, user}. */
export const SignInCodeRequestSchema = z.object({
  code: z.string().min(1, { message: 'No authentication token received' }).max(200),
});
export type SignInCodeRequest = z.input<typeof SignInCodeRequestSchema>;
