import { IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { isApiError, isRecord } from '../api/api-error';
import { errorText, type ErrorFallback } from '../api/error-text';

/**
 * Shows everything the server said about a failure: its sentence, each field's messages and the
 * code (the organization settings update surfaces the whole server error body).
 */
export function ErrorBody({ error, fallback, labels = {} }: { error: unknown; fallback: ErrorFallback; labels?: Record<string, string> }) {
  if (!error) {
    return null;
  }
  const body = isApiError(error) && isRecord(error.body) ? error.body : {};
  const fields = isApiError(error) && error.errors ? Object.entries(error.errors) : [];
  const code = isApiError(error) ? error.code : undefined;
  const extras = Object.entries(body).filter(([key]) => !['detail', 'error', 'errors', 'code'].includes(key));
  return (
    <div className="form-error form-error--body" role="alert">
      <IonIcon icon={alertCircleOutline} aria-hidden="true" />
      <div>
        <p>{errorText(error, fallback)}</p>
        {fields.length > 0 && (
          <ul>
            {fields.map(([field, messages]) => (
              <li key={field}>
                <strong>{labels[field] ?? field}:</strong> {messages.join(' ')}
              </li>
            ))}
          </ul>
        )}
        {extras.length > 0 && (
          <ul>
            {extras.map(([key, value]) => (
              <li key={key}>
                <strong>{key}:</strong> {typeof value === 'string' ? value : JSON.stringify(value)}
              </li>
            ))}
          </ul>
        )}
        {code && <p className="form-error__code">Code: {code}</p>}
      </div>
    </div>
  );
}
