import { describe, expect, it } from 'vitest';
import { SireError } from './sire-error.js';
import { ticketStatusOf } from './ticket-status.js';

const TICKET = '20230300000083';

/** The manual's example answer of 5.31, cut where its screenshot ends, then the files. */
const done = {
  paginacion: { page: 1, perPage: 20, totalRegistros: 1 },
  registros: [
    {
      showReporteDescarga: '1',
      perTributario: '202301',
      numTicket: TICKET,
      fecCargaImportacion: null,
      fecInicioProceso: '2023-06-07',
      codProceso: '10',
      desProceso: 'Generar archivo exportar propuesta',
      codEstadoProceso: '06',
      desEstadoProceso: 'Terminado',
      nomArchivoImportacion: '',
      detalleTicket: {
        numTicket: TICKET,
        fecCargaImportacion: '2023-06-07',
        horaCargaImportacion: '17:20:36',
        codEstadoEnvio: '06',
        desEstadoEnvio: 'Terminado',
      },
      archivoReporte: [{ nomArchivoReporte: 'propuesta.zip', codTipoAchivoReporte: '01' }],
    },
  ],
};

describe("a ticket's state", () => {
  it("reads the manual's answer of a finished ticket", () => {
    expect(ticketStatusOf(done, TICKET)).toEqual({
      state: 'done',
      files: [{ name: 'propuesta.zip', type: '01' }],
      processCode: '10',
    });
  });

  it('takes the state from the detail when the record has none, as an object or an array', () => {
    const [record] = done.registros;
    const { codEstadoProceso: _, desEstadoProceso: __, ...bare } = record!;
    expect(ticketStatusOf({ registros: [bare] }, TICKET)).toMatchObject({ state: 'done' });
    expect(
      ticketStatusOf({ registros: [{ ...bare, detalleTicket: [record!.detalleTicket] }] }, TICKET),
    ).toMatchObject({ state: 'done' });
  });

  it('reads a numeric code and the correctly spelt file type', () => {
    const [record] = done.registros;
    const answer = {
      registros: [
        {
          ...record,
          codEstadoProceso: 6,
          archivoReporte: [{ nomArchivoReporte: 'a.zip', codTipoArchivoReporte: null }],
        },
      ],
    };
    expect(ticketStatusOf(answer, TICKET)).toMatchObject({
      state: 'done',
      files: [{ name: 'a.zip', type: null }],
    });
  });

  it('waits on a ticket not listed yet or in another state, and fails one in error', () => {
    expect(ticketStatusOf({ registros: [] }, TICKET)).toEqual({
      state: 'processing',
      description: 'pendiente',
    });
    const [record] = done.registros;
    expect(
      ticketStatusOf(
        { registros: [{ ...record, codEstadoProceso: '02', desEstadoProceso: 'En proceso' }] },
        TICKET,
      ),
    ).toEqual({ state: 'processing', description: 'En proceso' });
    expect(
      ticketStatusOf(
        { registros: [{ ...record, codEstadoProceso: '07', desEstadoProceso: 'Con errores' }] },
        TICKET,
      ),
    ).toEqual({ state: 'failed', description: 'Con errores' });
  });

  it('refuses an answer without its list of records', () => {
    expect(() => ticketStatusOf({ cod: '500' }, TICKET)).toThrow(SireError);
  });
});
