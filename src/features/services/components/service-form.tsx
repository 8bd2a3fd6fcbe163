import { IonButton } from '@ionic/react';
import { CreateServiceBody, type Service } from '../../../../contract/services';
import { LIMITS } from '../../../../contract/limits';
import { FormCheckbox, FormText } from '../../../shared/admin/form-fields';
import { useAdminForm } from '../../../shared/admin/use-admin-form';
import { FormError } from '../../../shared/ui/form-error';
import { useCreateServiceMutation, useUpdateServiceMutation } from '../mutations';
import { SERVICES_ERROR_TEXT } from '../error-text';

interface ServiceFormProps {
  orgCode: string;
  currency: string;
  /** The service to edit; none: a new one. */
  service: Service | null;
  onDone: () => void;
}

/**
 * Create or edit a service, checked by the contract's own CreateServiceBody before it is sent;
 * the server's field errors (a taken name, yen with cents) land on the same fields.
 */
export function ServiceForm({ orgCode, currency, service, onDone }: ServiceFormProps) {
  const create = useCreateServiceMutation(orgCode);
  const update = useUpdateServiceMutation(orgCode);
  const mutation = service ? update : create;
  const { form, submit } = useAdminForm(
    CreateServiceBody,
    {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price: service?.price ?? '',
      is_active: service?.is_active ?? true,
      duration_minutes: service?.duration_minutes ?? null,
    },
    (body) => (service ? update.mutateAsync({ id: service.id, body }) : create.mutateAsync(body)),
    onDone,
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="form admin-form">
      <FormText control={form.control} name="name" label="Name" required maxlength={LIMITS.nameMax} autofocus />
      <FormText control={form.control} name="description" label="Description" maxlength={LIMITS.descriptionMax} multiline />
      <div className="form-row">
        <FormText
          control={form.control}
          name="price"
          label={`Price (${currency})`}
          required
          inputmode="decimal"
          helper="For example 45.00"
        />
        <FormText control={form.control} name="duration_minutes" label="Duration (minutes)" inputmode="numeric" kind="integer" />
      </div>
      <FormCheckbox control={form.control} name="is_active" label="Active" hint="Inactive services stay listed but are not offered." />
      <FormError error={mutation.error} fallback={service ? SERVICES_ERROR_TEXT.updateService : SERVICES_ERROR_TEXT.createService} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : service ? 'Save changes' : 'Create service'}
        </IonButton>
      </div>
    </form>
  );
}
