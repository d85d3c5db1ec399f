import type { DocumentProof, DocumentProofInput } from '@sufel/contract';
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DateField } from '../../../components/date-field/date-field';
import { lazyResolver } from '../../../components/plain-form/lazy-resolver';
import '../../../components/plain-form/plain-form.css';
import { PlainSelectField } from '../../../components/plain-form/plain-select-field';
import { PlainTextField } from '../../../components/plain-form/plain-text-field';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { Spinner } from '../../../components/spinner/spinner';
import { useConfig } from '../../../config/config-context';
import { useI18n } from '../../../i18n/i18n-provider';
import { todayIsoDay } from '../../../lib/calendar-day';
import { attemptsLeftOf, isHttpError } from '../../../lib/http-error';
import { digitsOnly, upperCase } from '../../../lib/normalize-input';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useChallenge, type ChallengeStatus } from '../../challenge/use-challenge';
import { consultedProof } from '../session/consulted-proof';
import { documentSession } from '../session/document-session';
import type { ConsultationFields } from './consultation-rules';
import { DocumentLoginFrame } from './document-login-frame';
import './document-login-page.css';
import { ScanQrButton } from './scan-qr-button';

/*
 * This page is the portal's busiest door, so it is built without MUI, zod or
 * TanStack Query: the rules and the request code download on the first
 * interaction (they come from the shared contract, which brings zod).
 */
const loadRules = () => import('./consultation-rules');
const loadRequest = () => import('../api/authenticate-document');
const loadNotices = () => import('../../challenge/challenge-progress');
/** The verification's progress and the tries left show rarely: their code comes when they do. */
const ChallengeNotices = lazy(() =>
  loadNotices().then(({ AttemptsLeft, ChallengeProgress }) => ({
    default: ({
      progress,
      attemptsLeft,
    }: {
      progress: ChallengeStatus | null;
      attemptsLeft: number | null;
    }) => (
      <>
        <ChallengeProgress progress={progress} />
        <AttemptsLeft count={attemptsLeft} />
      </>
    ),
  })),
);
const loadNotFoundHelp = () => import('./not-found-help');
const NotFoundHelp = lazy(() =>
  loadNotFoundHelp().then((module) => ({ default: module.NotFoundHelp })),
);
const resolver = lazyResolver<ConsultationFields, DocumentProof>(async () => {
  const { consultationResolver } = await loadRules();
  return consultationResolver;
});

function emptyFields(ruc: string): ConsultationFields {
  return {
    emisor: ruc,
    tipo: '01',
    documento: '',
    fecha: todayIsoDay(),
    total: '',
  };
}

/** The individual consultation: the data printed on one document opens its view. */
export function DocumentLoginPage({ onFound }: { onFound: () => void }) {
  const { t } = useI18n();
  const { ruc } = useConfig();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const challenge = useChallenge();
  // After a consultation that matched nothing: what must match, and whether the date was left at today.
  const [notFound, setNotFound] = useState(false);
  // Back from the document it opened finds the form as it was sent.
  const [initialFields] = useState(() => consultedProof.read() ?? emptyFields(ruc));
  const form = useForm<ConsultationFields, unknown, DocumentProof>({
    defaultValues: initialFields,
    mode: 'onTouched',
    resolver,
  });
  const fecha = useWatch({ control: form.control, name: 'fecha' });
  const dateLeftAtToday = notFound && fecha === todayIsoDay();

  const showFailure = useCallback(
    (error: unknown) => {
      if (isHttpError(error, 404)) {
        setNotFound(true);
        return;
      }
      snackbar.show({ message: errorMessage(error), action: t.common.accept, severity: 'error' });
    },
    [snackbar, t, errorMessage],
  );

  const consult = async (proof: DocumentProof) => {
    setPending(true);
    setAttemptsLeft(null);
    setNotFound(false);
    try {
      const { authenticateDocument } = await loadRequest();
      const token = await challenge.run((headers) => authenticateDocument(proof, headers));
      documentSession.save({ expire: token.expire });
      consultedProof.save(form.getValues());
      snackbar.dismiss();
      onFound();
    } catch (error) {
      setAttemptsLeft(attemptsLeftOf(error));
      showFailure(error);
    } finally {
      setPending(false);
    }
  };

  const submit = (event?: FormEvent) => form.handleSubmit(consult)(event).catch(showFailure);

  const fillFromQr = (proof: DocumentProofInput) => {
    form.reset({
      ...proof,
      emisor: ruc || proof.emisor,
      fecha: proof.fecha,
      total: String(proof.total),
    });
    void submit();
  };

  // A prefetch that fails costs nothing: submitting loads the code again and reports the failure.
  const prefetch = () => {
    Promise.all([loadRules(), loadRequest(), loadNotices(), loadNotFoundHelp()]).catch(
      (error: unknown) => console.warn('The consultation code could not be prefetched:', error),
    );
  };
  // Sorted: keys such as '20' that read as integers would otherwise come before '01'.
  const typeCodes = (Object.keys(t.documentTypes) as (keyof typeof t.documentTypes)[]).sort();

  return (
    <DocumentLoginFrame>
      <form
        className="document-login"
        noValidate
        onFocus={prefetch}
        onSubmit={(event) => void submit(event)}
      >
        {ruc === '' && (
          <PlainTextField
            control={form.control}
            name="emisor"
            label={t.proof.issuer}
            required
            counter
            maxLength={11}
            normalize={digitsOnly}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        <PlainTextField
          control={form.control}
          name="documento"
          label={t.proof.seriesNumber}
          hint={t.proof.seriesNumberHint}
          required
          maxLength={15}
          normalize={upperCase}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <PlainSelectField
          control={form.control}
          name="tipo"
          label={t.proof.type}
          required
          options={typeCodes.map((code) => ({
            value: code,
            label: t.documentTypes[code].label,
          }))}
        />
        <DateField
          control={form.control}
          name="fecha"
          label={t.proof.date}
          required
          disableFuture
          warning={dateLeftAtToday ? t.consultationHelp.dateIsToday : undefined}
        />
        <PlainTextField
          control={form.control}
          name="total"
          label={t.proof.total}
          hint={t.proof.totalHint}
          required
          maxLength={20}
          inputMode="decimal"
          autoComplete="off"
        />
        {(challenge.progress !== null || attemptsLeft !== null) && (
          <Suspense fallback={null}>
            <ChallengeNotices progress={challenge.progress} attemptsLeft={attemptsLeft} />
          </Suspense>
        )}
        {notFound && (
          <Suspense fallback={<p role="alert">{t.documentLogin.notFound}</p>}>
            <NotFoundHelp withIssuer={ruc === ''} dateLeftAtToday={dateLeftAtToday} />
          </Suspense>
        )}
        <div className="document-login__actions">
          <ScanQrButton onProof={fillFromQr} />
          <button type="submit" className="button" disabled={pending} aria-busy={pending}>
            {pending ? <Spinner diameter={24} label={t.common.loading} /> : t.documentLogin.submit}
          </button>
        </div>
      </form>
    </DocumentLoginFrame>
  );
}
