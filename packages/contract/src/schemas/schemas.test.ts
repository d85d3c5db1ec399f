import { describe, expect, it } from 'vitest';
import {
  ClientRegisterRequestSchema,
  ClientResetPasswordRequestSchema,
  DocumentProofSchema,
} from './auth.js';
import { PasswordResetConfirmSchema } from './client-emails.js';
import { ClientDocumentsFilterSchema, ClientDocumentsPageQuerySchema } from './documents.js';

describe('DocumentProofSchema', () => {
  it('normalises what a browser sends', () => {
    const proof = DocumentProofSchema.parse({
      emisor: '20100454523',
      tipo: '01',
      documento: 'F001-00004355',
      fecha: '2017-05-14T05:00:00.000Z',
      total: '423,225.00',
    });
    expect(proof).toEqual({
      emisor: '20100454523',
      tipo: '01',
      documento: 'F001-00004355',
      fecha: '2017-05-14',
      total: '423225.00',
    });
  });

  it('explains each bad field in Spanish', () => {
    const result = DocumentProofSchema.safeParse({
      emisor: '123',
      tipo: '02',
      documento: 'F001',
      fecha: 'ayer',
      total: 'mucho',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'El RUC debe tener 11 dígitos.',
      'Tipo de documento inválido (01, 03, 07, 08, 20 o 40).',
      'Use el formato serie-correlativo, por ejemplo F001-123.',
      'Fecha inválida (use AAAA-MM-DD).',
      'Escriba el total como figura en el comprobante, por ejemplo S/ 1,180.00 o 1180.00.',
    ]);
  });
});

describe('ClientRegisterRequestSchema', () => {
  const base = {
    documento: '20587896411',
    nombres: 'Cliente S.A.C.',
    password: 'secreto123',
    repeat_password: 'secreto123',
    comprobante: {
      emisor: '20100454523',
      tipo: '01',
      documento: 'F001-4355',
      fecha: '2017-05-14',
      total: 423225,
    },
  };

  it('accepts matching passwords', () => {
    expect(ClientRegisterRequestSchema.safeParse(base).success).toBe(true);
  });

  it('rejects passwords that differ', () => {
    const result = ClientRegisterRequestSchema.safeParse({ ...base, repeat_password: 'otro12345' });
    expect(result.error?.issues[0]?.message).toBe('Las contraseñas no coinciden.');
  });

  it('asks for the password again when it is typed only once', () => {
    const result = ClientRegisterRequestSchema.safeParse({ ...base, repeat_password: '' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['repeat_password'], message: 'Repita la contraseña.' }),
    ]);
  });

  it('asks for eight characters at least', () => {
    const result = ClientRegisterRequestSchema.safeParse({
      ...base,
      password: 'corta',
      repeat_password: 'corta',
    });
    expect(result.error?.issues[0]?.message).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
  });
});

describe('client document filters', () => {
  it('treats empty form fields as absent', () => {
    const filter = ClientDocumentsFilterSchema.parse({
      start: '2024-01-01',
      end: '2024-01-31',
      emisor: '',
      tipoDoc: '',
      serie: null,
      correlativo: '',
    });
    expect(filter).toEqual({ start: '2024-01-01', end: '2024-01-31' });
  });

  it('defaults the page to the newest fifty', () => {
    expect(ClientDocumentsPageQuerySchema.parse({})).toEqual({
      limit: 50,
      sort: 'fecha',
      dir: 'desc',
    });
  });

  it('bounds the page size', () => {
    expect(ClientDocumentsPageQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(ClientDocumentsPageQuerySchema.parse({ limit: '10' }).limit).toBe(10);
  });
});

describe('empty fields', () => {
  it('ask for the value instead of calling it invalid', () => {
    const result = DocumentProofSchema.safeParse({
      emisor: '',
      tipo: '01',
      documento: ' ',
      fecha: '',
      total: '',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Ingrese el RUC.',
      'Ingrese la serie y el correlativo.',
      'Ingrese la fecha.',
      'Ingrese el total.',
    ]);
  });

  it('compare the passwords even while the proof is still incomplete', () => {
    const result = ClientRegisterRequestSchema.safeParse({
      documento: '20587896411',
      nombres: 'Cliente',
      password: 'secreto123',
      repeat_password: 'secreto124',
      comprobante: { emisor: '', tipo: '01', documento: '', fecha: '', total: '' },
    });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'Las contraseñas no coinciden.',
    );
  });
});

describe('every form that sets a password asks for it twice', () => {
  it('refuses an empty repetition when resetting with a document', () => {
    const result = ClientResetPasswordRequestSchema.safeParse({
      documento: '20587896411',
      password: 'secreto123',
      repeat_password: '',
      comprobante: {
        emisor: '20100454523',
        tipo: '01',
        documento: 'F001-4355',
        fecha: '2017-05-14',
        total: 423225,
      },
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['repeat_password'], 'Repita la contraseña.'],
    ]);
  });

  it('refuses an empty repetition when resetting from a mailed link', () => {
    const result = PasswordResetConfirmSchema.safeParse({
      token: 'a'.repeat(43),
      password: 'secreto123',
      repeat_password: '',
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toContainEqual([
      ['repeat_password'],
      'Repita la contraseña.',
    ]);
  });
});
