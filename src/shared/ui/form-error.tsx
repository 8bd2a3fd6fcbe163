import { IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { errorText, type ErrorFallback } from '../api/error-text';
import { isApiError, type FieldErrors } from '../api/api-error';

/** A form's error summary, read out when it appears. Renders nothing without an error. */
export function FormError({ error, fallback, text }: { error?: unknown; fallback?: ErrorFallback; text?: string | null }) {
  const message = text ?? (error ? errorText(error, fallback) : null);
  if (!message) {
    return null;
  }
  return (
    <div className="form-error" role="alert">
      <IonIcon icon={alertCircleOutline} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

/** Field errors carried by an ApiError (server 400 or the client's own validation, same shape). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) && error.errors ? error.errors : {};
}

/** The first message for a field; nested fields use dotted paths ('organization.name'). */
export function fieldError(errors: FieldErrors, name: string): string | undefined {
  return errors[name]?.[0];
}
