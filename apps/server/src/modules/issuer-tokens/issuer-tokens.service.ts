import type { CompanyToken, CreatedCompanyToken } from '@sufel/contract';
import { apiTokenHash, isWellFormedApiToken, newApiToken } from '../../auth/api-tokens.js';
import { AppError } from '../../errors.js';
import type { IssuerTokenRow, IssuerTokensRepository } from './issuer-tokens.repository.js';

/** Enough for one per integration, few enough that forgotten ones get noticed. */
export const MAX_TOKENS_PER_ISSUER = 20;

/**
 * A use is written when the last one recorded is older than this: publishing
 * reads the token on every request but writes it at most once a minute.
 */
export const LAST_USE_PRECISION_MS = 60_000;

function toDto(row: IssuerTokenRow): CompanyToken {
  return {
    id: row.id,
    nombre: row.nombre,
    creado: row.created_at.toISOString(),
    ultimo_uso: row.last_used_at?.toISOString() ?? null,
  };
}

/** Issuers' named API tokens: created, listed, revoked, and checked on every request. */
export class IssuerTokensService {
  constructor(
    private readonly tokens: IssuerTokensRepository,
    private readonly now: () => Date,
  ) {}

  /** Creates a token; its text is in this answer only. */
  async create(ruc: string, nombre: string): Promise<CreatedCompanyToken> {
    if ((await this.tokens.count(ruc)) >= MAX_TOKENS_PER_ISSUER) {
      throw AppError.of('conflict', 'tooManyCompanyTokens');
    }
    const token = newApiToken();
    const row = await this.tokens.insert(ruc, nombre, apiTokenHash(token), this.now());
    return { ...toDto(row), token };
  }

  async list(ruc: string): Promise<CompanyToken[]> {
    return (await this.tokens.list(ruc)).map(toDto);
  }

  async revoke(ruc: string, id: number): Promise<void> {
    if (!(await this.tokens.delete(ruc, id)))
      throw AppError.of('not_found', 'companyTokenNotFound');
  }

  /**
   * The issuer a token opens, or null. Read from the database on every
   * request, so a revoked token (or a disabled issuer) stops at once on every
   * instance.
   */
  async authenticate(token: string): Promise<string | null> {
    if (!isWellFormedApiToken(token)) return null;
    const found = await this.tokens.findUsable(apiTokenHash(token));
    if (found === undefined) return null;
    const now = this.now();
    if (
      found.last_used_at === null ||
      now.getTime() - found.last_used_at.getTime() >= LAST_USE_PRECISION_MS
    ) {
      await this.tokens.touch(found.id, now, LAST_USE_PRECISION_MS);
    }
    return found.ruc;
  }
}
