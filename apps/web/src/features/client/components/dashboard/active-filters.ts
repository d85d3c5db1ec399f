import {
  DOCUMENT_ORIGINS,
  isDocumentTypeCode,
  type ClientDocumentsFilter,
  type DocumentOriginCode,
} from '@sufel/contract';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useClientCompanies } from '../../api/get-client-companies';

function isDocumentOrigin(value: string): value is DocumentOriginCode {
  return (DOCUMENT_ORIGINS as readonly string[]).includes(value);
}

/** A filter field as the form leaves it: text when given, else nothing. */
function given(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** What narrows a list beyond its dates. */
export type NarrowingField = 'emisor' | 'tipoDoc' | 'serie' | 'correlativo' | 'origen';

export interface ActiveFilter {
  field: NarrowingField;
  label: string;
  value: string;
}

/** Each filter that narrows the list beyond its dates, in words ("Tipo: Factura"). */
export function useActiveFilters(filter: ClientDocumentsFilter): ActiveFilter[] {
  const { t } = useI18n();
  const companies = useClientCompanies();
  const active: ActiveFilter[] = [];
  const emisor = given(filter.emisor);
  if (emisor !== null) {
    const name = companies.data?.find((company) => company.ruc === emisor)?.nombre;
    active.push({
      field: 'emisor',
      label: t.dashboard.issuer,
      value: name === undefined ? emisor : `${name} (${emisor})`,
    });
  }
  const tipo = given(filter.tipoDoc);
  if (tipo !== null) {
    active.push({
      field: 'tipoDoc',
      label: t.dashboard.type,
      value: isDocumentTypeCode(tipo) ? t.documentTypes[tipo].label : tipo,
    });
  }
  const serie = given(filter.serie);
  if (serie !== null) active.push({ field: 'serie', label: t.dashboard.series, value: serie });
  const numero = given(filter.correlativo);
  if (numero !== null) {
    active.push({ field: 'correlativo', label: t.dashboard.number, value: numero });
  }
  const origen = given(filter.origen);
  if (origen !== null) {
    active.push({
      field: 'origen',
      label: t.documentOrigin.label,
      value: isDocumentOrigin(origen) ? t.documentOrigin[origen] : origen,
    });
  }
  return active;
}
