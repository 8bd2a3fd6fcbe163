import { CreateServiceBody, type Service } from '../../../../contract/services';
import { LIMITS } from '../../../../contract/limits';
import { FormCheckbox, FormText } from '../../../shared/admin/form-fields';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { SERVICE_ROWS } from '../mutations';

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
  const { form, frame } = useRowForm(
    CreateServiceBody,
    service,
    {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price: service?.price ?? '',
      is_active: service?.is_active ?? true,
      duration_minutes: service?.duration_minutes ?? null,
    },
    useSaveRowMutations(SERVICE_ROWS, orgCode),
    onDone,
  );

  return (
    <AdminForm {...frame} noun="service">
      <NameFields control={form.control} description={LIMITS.descriptionMax} />
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
    </AdminForm>
  );
}
