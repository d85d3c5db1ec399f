import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ClientIssuerAddRequestSchema, type ClientIssuerAddRequest } from '@sufel/contract';
import { useEffect } from 'react';
import {
  emptyProof,
  ProofFormSchema,
} from '../../../../components/document-proof/proof-form-schema';
import { FormError } from '../../../../components/form/form-error';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { SubmitButton } from '../../../../components/spinner/submit-button';
import { useConfig } from '../../../../config/config-context';
import { useI18n } from '../../../../i18n/i18n-provider';
import { attemptsLeftOf, isHttpError } from '../../../../lib/http-error';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { AttemptsLeft, ChallengeProgress } from '../../../challenge/challenge-progress';
import { useAddClientIssuer } from '../../api/add-client-issuer';
import { ProofSection } from '../proof-section';

const AddIssuerFormSchema = ClientIssuerAddRequestSchema.safeExtend({
  comprobante: ProofFormSchema,
});

interface AddIssuerFormProps {
  /** With the server's message, once the issuer's documents are open to the account. */
  onAdded: (message: string) => void;
  onCancel: () => void;
}

/** "Agregar emisor": the data of one document of the issuer, checked like a consultation. */
export function AddIssuerForm({ onAdded, onCancel }: AddIssuerFormProps) {
  const { t } = useI18n();
  const { ruc } = useConfig();
  const errorMessage = useErrorMessage();
  const defaultValues: ClientIssuerAddRequest = { comprobante: emptyProof(ruc) };
  const form = useZodForm(AddIssuerFormSchema, { defaultValues });
  const add = useAddClientIssuer({ onSuccess: ({ message }) => onAdded(message) });
  const { setFocus } = form;

  // The form opens on request: typing starts in its first field, not back at the button.
  useEffect(() => {
    setFocus(ruc === '' ? 'comprobante.emisor' : 'comprobante.documento');
  }, [setFocus, ruc]);

  const failure = !add.isError
    ? null
    : isHttpError(add.error, 404)
      ? t.addIssuer.notFound
      : errorMessage(add.error);

  return (
    <form
      noValidate
      aria-label={t.addIssuer.title}
      onSubmit={(event) => void form.handleSubmit((values) => add.mutate(values))(event)}
    >
      <ProofSection
        control={form.control}
        title={t.addIssuer.proofTitle}
        help={t.addIssuer.proofHelp}
      />
      <ChallengeProgress progress={add.verifying} />
      <FormError message={failure} />
      <AttemptsLeft count={add.isError ? attemptsLeftOf(add.error) : null} />
      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={add.isPending}>
          {t.common.cancel}
        </Button>
        <SubmitButton pending={add.isPending}>{t.addIssuer.submit}</SubmitButton>
      </Box>
    </form>
  );
}
