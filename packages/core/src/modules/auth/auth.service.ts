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
    if (settings.password) {
      registerSecretValue(settings.password);
      const existing = await this.users.find(user);
      if (!existing || !(await verifyPassword(existing.password_hash, settings.password))) {
        await this.users.upsert(user, await hashPassword(settings.password));
        this.logger.info({ user }, 'admin password set from DASHBOARD_PASSWORD');
      }
      const removed = await this.users.deleteAllExcept(user);
      if (removed > 0) this.logger.warn({ removed }, 'removed accounts other than DASHBOARD_USER');
      return;
    }
    if ((await this.users.count()) > 0) return;
    const password = generatePassword();
    registerSecretValue(password);
    if (await this.users.insertIfAbsent(user, await hashPassword(password))) {
      this.announce(`dashboard.credentials username=${user} password=${password}`);
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
      throw new InvalidCredentialsError(403);
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
