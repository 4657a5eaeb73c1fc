import type { FastifyBaseLogger } from 'fastify';
import { InvalidCredentialsError, ValidationError } from '../../errors/app-error.js';
import { registerSecretValue } from '../../security/redact.js';
import type { UsersRepository } from './auth.repository.js';
import { decoyPasswordHash, generatePassword, hashPassword, verifyPassword } from './password.js';

export interface AdminSettings {
  /** DASHBOARD_USER; admin when unset. */
  user: string | undefined;
  /** DASHBOARD_PASSWORD; when set, the admin follows it at every boot. */
  password: string | undefined;
  /**
   * The account agent-messaging signs in with (MESSAGING_USER, MESSAGING_PASSWORD): it follows
   * the environment at every boot, and is removed when its password is unset.
   */
  messaging?: { user: string; password: string | undefined };
}

export const MIN_NEW_PASSWORD_LENGTH = 12;

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly logger: FastifyBaseLogger,
    /** Where the first-boot credentials line goes (stderr in production). */
    private readonly announce: (line: string) => void,
  ) {}

  /**
   * Makes sure the admin exists. With DASHBOARD_PASSWORD set, the admin follows the
   * environment at every boot; without it, the first boot generates a password and prints it
   * once (only the process whose insert won prints, so two replicas never both do).
   */
  async ensureAdmin(settings: AdminSettings): Promise<void> {
    const user = settings.user ?? 'admin';
    const messaging = settings.messaging;
    if (messaging && messaging.user === user)
      throw new Error('MESSAGING_USER must differ from DASHBOARD_USER');
    if (settings.password) {
      await this.follow(user, settings.password, 'DASHBOARD_PASSWORD');
      const kept = messaging?.password ? [user, messaging.user] : [user];
      const removed = await this.users.deleteAllExcept(kept);
      if (removed > 0) this.logger.warn({ removed }, 'removed accounts other than DASHBOARD_USER');
    } else if ((await this.users.count()) === 0) {
      const password = generatePassword();
      registerSecretValue(password);
      if (await this.users.insertIfAbsent(user, await hashPassword(password))) {
        this.announce(`dashboard.credentials username=${user} password=${password}`);
      }
    }
    // After the admin: a messaging account alone must not stop the first boot's admin.
    if (!messaging) return;
    if (messaging.password)
      await this.follow(messaging.user, messaging.password, 'MESSAGING_PASSWORD');
    else if (await this.users.delete(messaging.user))
      this.logger.warn(
        { user: messaging.user },
        'removed the messaging account: MESSAGING_PASSWORD is unset',
      );
  }

  /** The account takes the password from the environment, unless it already has it. */
  private async follow(user: string, password: string, variable: string): Promise<void> {
    registerSecretValue(password);
    const existing = await this.users.find(user);
    if (!existing || !(await verifyPassword(existing.password_hash, password))) {
      await this.users.upsert(user, await hashPassword(password));
      this.logger.info({ user }, `password of ${user} set from ${variable}`);
    }
  }

  /** Returns the user name when the credentials are right; throws InvalidCredentialsError otherwise. */
  async verifyCredentials(username: string, password: string): Promise<string> {
    const user = await this.users.find(username);
    // Verify against a decoy when the user is unknown, so both failures take the same time.
    const ok = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    if (!user || !ok) throw new InvalidCredentialsError();
    return user.username;
  }

  async changePassword(
    username: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const user = await this.users.find(username);
    if (!user || !(await verifyPassword(user.password_hash, currentPassword))) {
      // 403, not 401: the session is fine, the proof is not.
      throw new InvalidCredentialsError(403, 'The current password is not correct');
    }
    if (newPassword.length < MIN_NEW_PASSWORD_LENGTH) {
      throw new ValidationError('New password too short', [
        {
          path: '/new_password',
          message: `must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`,
        },
      ]);
    }
    if (newPassword === currentPassword) {
      throw new ValidationError('New password must differ', [
        { path: '/new_password', message: 'must differ from the current password' },
      ]);
    }
    await this.users.setPassword(username, await hashPassword(newPassword));
    registerSecretValue(newPassword);
  }
}
