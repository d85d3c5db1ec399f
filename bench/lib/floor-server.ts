/**
 * The floor for the consultation: plain Fastify and `pg` doing the same
 * unique-key lookup as SUFEL and answering a token of the same size, with none
 * of SUFEL's checks, limits, cookies or signing. With PREPARED=1 the lookup is a
 * named prepared statement, as SUFEL's is. Run as its own process:
 *
 *   DATABASE_URL=… PORT=… TOKEN_LENGTH=… [PREPARED=1] tsx bench/lib/floor-server.ts
 */
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tokenLength = Number(process.env.TOKEN_LENGTH ?? 200);
const name = process.env.PREPARED === '1' ? 'document_by_proof' : undefined;
const app = Fastify();

interface Proof {
  emisor: string;
  tipo: string;
  documento: string;
  fecha: string;
  total: string;
}

app.post<{ Body: Proof }>('/api/document/auth', async (request, reply) => {
  const { emisor, tipo, documento, fecha, total } = request.body;
  const [serie, numero] = documento.split('-');
  const { rows } = await pool.query<{ id: number }>({
    name,
    text: `select id from documents where emisor = $1 and tipo = $2 and serie = $3 and numero = $4
       and fecha = $5 and total = $6`,
    values: [emisor, tipo, serie, Number(numero), fecha, total],
  });
  if (rows.length === 0) return reply.code(404).send({ message: 'documento no encontrado' });
  const token = randomBytes(tokenLength).toString('base64url').slice(0, tokenLength);
  return { token, expire: Math.floor(Date.now() / 1000) + 5 * 3600 };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
