import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 is argon2id; the cost is the OWASP minimum (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  /** Verified when no account matches, so a wrong e-mail costs as long as a wrong password. */
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      this.dummyHash ??= hash('not-a-real-password', OPTIONS);
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}
