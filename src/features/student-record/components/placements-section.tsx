import { useState, type ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import type { MyOrganization } from '../../../../contract/organizations';
import type { StudentRecord } from '../../../../contract/student-record';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { showToast } from '../../../shared/ui/toast-store';
import { usePlacementMutations } from '../mutations';
import { PlacementPicker, type Picking } from './placement-picker';

/** A removal waiting for its confirmation: what the dialog says and the call that makes it. */
interface Removal {
  title: string;
  note: string;
  run: () => Promise<unknown>;
  done: string;
}

/** A name as a chip, with its remove button for who may change it. */
function Chip({ label, onRemove }: { label: ReactNode; onRemove?: { label: string; run: () => void } }) {
  return (
    <li className="record-chip">
      {label}
      {onRemove && (
        <button type="button" className="record-chip__remove" aria-label={onRemove.label} onClick={onRemove.run}>
          <IonIcon icon={closeOutline} aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

interface PlacementsSectionProps {
  organization: Pick<MyOrganization, 'id' | 'code'>;
  record: StudentRecord;
}

/** Where the student is placed: departments with the therapists there, programs and classroom, changed in place. */
export function PlacementsSection({ organization, record }: PlacementsSectionProps) {
  const [picking, setPicking] = useState<Picking>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const m = usePlacementMutations(organization.id, record.student.id);

  async function confirm() {
    if (!removal) {
      return;
    }
    setIsRemoving(true);
    try {
      await removal.run();
      showToast(removal.done, 'success');
    } catch {
      // The refusal is already shown: the mutation cache's handler toasts it with the server's reason.
    } finally {
      setIsRemoving(false);
      setRemoval(null);
    }
  }

  return (
    <section className="record-section" aria-labelledby="placements-heading">
      <h2 id="placements-heading" className="admin-detail__subtitle">
        Placements
      </h2>
      <div className="record-placements">
        <DepartmentsCard record={record} onPick={setPicking} onRemove={setRemoval} m={m} />
        <OtherPlacements record={record} onPick={setPicking} onRemove={setRemoval} m={m} />
      </div>
      <PlacementPicker organization={organization} record={record} picking={picking} onClose={() => setPicking(null)} />
      <ConfirmDialog
        open={removal !== null}
        title={removal?.title ?? 'Remove?'}
        confirmLabel="Remove"
        busyLabel="Removing…"
        isBusy={isRemoving}
        onCancel={() => setRemoval(null)}
        onConfirm={() => void confirm()}
      >
        <p>{removal?.note}</p>
      </ConfirmDialog>
    </section>
  );
}

interface OtherPlacementsProps {
  record: StudentRecord;
  onPick: (picking: Picking) => void;
  onRemove: (removal: Removal) => void;
  m: ReturnType<typeof usePlacementMutations>;
}

/** The student's departments, each with the therapists assigned there. */
function DepartmentsCard({ record, onPick, onRemove, m }: OtherPlacementsProps) {
  const { can } = record;
  const who = `${record.student.first_name} ${record.student.last_name}`;
  const ask = (r: Removal) => () => onRemove(r);
  return (
    <div className="record-card">
      <h3 className="record-card__title">Departments and therapists</h3>
      {record.departments.length === 0 && <p className="muted">Not in a department yet: goals and therapists come with one.</p>}
      <ul className="record-departments">
        {record.departments.map((d) => (
          <li key={d.id} className="record-department">
            <div className="record-department__head">
              <Link className="admin-link" to={`/organization/departments/${d.id}`}>
                {d.name}
              </Link>
              {can.manage_departments && (
                <IonButton
                  fill="clear"
                  size="small"
                  color="danger"
                  aria-label={`Take ${who} out of ${d.name}`}
                  onClick={ask({
                    title: `Take ${who} out of ${d.name}?`,
                    note: 'Their goals and data stay; their therapists there are unassigned.',
                    run: () => m.removeDepartment.mutateAsync(d.department_student_id),
                    done: `Took ${who} out of ${d.name}.`,
                  })}
                >
                  Remove
                </IonButton>
              )}
            </div>
            <div className="record-department__people">
              <ul className="record-chips" aria-label={`Therapists in ${d.name}`}>
                {d.therapists.length === 0 && <li className="muted">No therapist assigned.</li>}
                {d.therapists.map((t) => (
                  <Chip
                    key={t.assignment_id}
                    label={t.name}
                    onRemove={
                      can.manage_departments
                        ? {
                            label: `Unassign ${t.name}`,
                            run: ask({
                              title: `Unassign ${t.name}?`,
                              note: `${who} leaves ${t.name}’s collector; what they recorded stays.`,
                              run: () => m.unassignTherapist.mutateAsync(t.assignment_id),
                              done: `Unassigned ${t.name} from ${who}.`,
                            }),
                          }
                        : undefined
                    }
                  />
                ))}
              </ul>
              {can.manage_departments && (
                <IonButton fill="outline" size="small" onClick={() => onPick({ kind: 'therapist', department: d })}>
                  Assign therapist
                </IonButton>
              )}
            </div>
          </li>
        ))}
      </ul>
      {can.manage_departments && (
        <IonButton fill="outline" size="small" onClick={() => onPick({ kind: 'department' })}>
          Add to department
        </IonButton>
      )}
    </div>
  );
}

/** Programs and the classroom seat. */
function OtherPlacements({ record, onPick, onRemove, m }: OtherPlacementsProps) {
  const { can } = record;
  const who = `${record.student.first_name} ${record.student.last_name}`;
  const seat = record.classroom;
  return (
    <div className="record-card">
      <h3 className="record-card__title">Programs</h3>
      <ul className="record-chips" aria-label="Programs">
        {record.programs.length === 0 && <li className="muted">In no program.</li>}
        {record.programs.map((p) => (
          <Chip
            key={p.id}
            label={p.name}
            onRemove={
              can.manage_programs
                ? {
                    label: `Take ${who} out of ${p.name}`,
                    run: () =>
                      onRemove({
                        title: `Take ${who} out of ${p.name}?`,
                        note: 'Their enrollment stays; only their place in this program goes.',
                        run: () => m.removeProgram.mutateAsync({ programId: p.id, enrollmentId: p.enrollment_id }),
                        done: `Took ${who} out of ${p.name}.`,
                      }),
                  }
                : undefined
            }
          />
        ))}
      </ul>
      {can.manage_programs && record.enrollment && (
        <IonButton fill="outline" size="small" onClick={() => onPick({ kind: 'program' })}>
          Add to program
        </IonButton>
      )}
      <h3 className="record-card__title">Classroom</h3>
      <ul className="record-chips" aria-label="Classroom">
        {seat ? (
          <Chip
            label={seat.name}
            onRemove={
              can.manage_classroom
                ? {
                    label: `Take ${who} out of ${seat.name}`,
                    run: () =>
                      onRemove({
                        title: `Take ${who} out of ${seat.name}?`,
                        note: 'They can be seated in another classroom afterwards.',
                        run: () => m.removeClassroom.mutateAsync(seat.seat_id),
                        done: `Took ${who} out of ${seat.name}.`,
                      }),
                  }
                : undefined
            }
          />
        ) : (
          <li className="muted">No classroom.</li>
        )}
      </ul>
      {can.manage_classroom && !seat && (
        <IonButton fill="outline" size="small" onClick={() => onPick({ kind: 'classroom' })}>
          Seat in a classroom
        </IonButton>
      )}
    </div>
  );
}
