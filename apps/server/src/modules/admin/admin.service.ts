import { type CompanyAdminView } from '@sufel/contract';
import { isValidRuc } from '@sufel/ubl';
import type { PasswordPolicy } from '../../auth/password-policy.js';
import type { PasswordHasher } from '../../auth/passwords.js';
import { AppError } from '../../errors.js';
import type { IssuersRepository } from '../issuer/issuer.repository.js';

/** The operator's side: which issuers may publish. */
export class AdminService {
  constructor(
    private readonly issuers: IssuersRepository,
    private readonly passwords: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly now: () => Date,
  ) {}

  async createIssuer(ruc: string, nombre: string, password: string): Promise<void> {
    if (!isValidRuc(ruc)) throw AppError.of('bad_request', 'invalidRuc');
    await this.policy.requireStrong(password, { ruc, name: nombre });
    const created = await this.issuers.insert(
      { ruc, nombre, passwordHash: await this.passwords.hash(password) },
      this.now(),
    );
    if (!created) throw new AppError('bad_request', 'companyExists');
  }

  async updateIssuer(
    ruc: string,
    patch: {
      nombre?: string | undefined;
      habilitado?: boolean | undefined;
      password?: string | undefined;
    },
  ): Promise<void> {
    if (patch.password !== undefined) {
      const issuer = await this.issuers.find(ruc);
      if (issuer === undefined) throw AppError.of('not_found', 'companyNotFound');
      await this.policy.requireStrong(patch.password, {
        ruc,
        name: patch.nombre ?? issuer.nombre,
      });
    }
    const updated = await this.issuers.update(
      ruc,
      {
        ...(patch.nombre === undefined ? {} : { nombre: patch.nombre }),
        ...(patch.habilitado === undefined ? {} : { habilitado: patch.habilitado }),
        ...(patch.password === undefined
          ? {}
          : { passwordHash: await this.passwords.hash(patch.password) }),
      },
      this.now(),
    );
    if (!updated) throw AppError.of('not_found', 'companyNotFound');
  }

  async listIssuers(): Promise<CompanyAdminView[]> {
    return this.issuers.list();
  }
}
