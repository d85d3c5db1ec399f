import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ProofFormSchema } from '../../../components/document-proof/proof-form-schema';

/**
 * The contract's proof of a document, with an issue date never after today.
 * Loaded on demand by the login page.
 */
export const ConsultationFormSchema = ProofFormSchema;

export type ConsultationFields = z.input<typeof ConsultationFormSchema>;

export const consultationResolver = zodResolver(ConsultationFormSchema);
