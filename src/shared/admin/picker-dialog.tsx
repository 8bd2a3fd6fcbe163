import { useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { refusalText } from '../api/error-text';
import { Dialog } from '../ui/dialog';
import { FormError } from '../ui/form-error';
import { showToast } from '../ui/toast-store';
import { AdminPicker } from './admin-picker';

/** One page of a searched server list: what a picker offers. */
export type CandidatePage = { count: number; results: unknown[] };
type Candidate<D extends CandidatePage> = D['results'][number];

export interface PickerOptions<D extends CandidatePage, C = Candidate<D>> {
  /** The dialog's title: "Add a student to Reading club". */
  title: string;
  /** What the list offers, above the search ("Students with an active enrollment…"). */
  intro?: ReactNode;
  searchLabel: string;
  /**
   * The query options for one search (a feature's query-key factory). Annotate its parameter
   * (`(search: string) => …`): the candidates' type is read from what this answers.
   */
  candidates: (search: string) => UseQueryOptions<D, Error, D, QueryKey>;
  fetchErrorText: string;
  keyOf: (candidate: C) => string;
  labelOf: (candidate: C) => string;
  describe?: (candidate: C) => string;
  /** "Add", "Seat": each button says "<verb> <name>". */
  verb: string;
  emptyText: (search: string) => string;
  chosenText?: string;
  /** Links one candidate (a mutation's mutateAsync): the dialog closes once it answers. */
  onPick: (candidate: C) => Promise<unknown>;
  /** The toast once linked: "Added Leo Thompson to the team." */
  pickedText: (candidate: C) => string;
  /** The fallback words for a refusal, put before the server's reason in the dialog. */
  refusedText: string;
}

interface PickerDialogProps<D extends CandidatePage, C = Candidate<D>> extends PickerOptions<D, C> {
  open: boolean;
  onClose: () => void;
  /** Candidates already linked: listed with `chosenText` instead of a button. */
  isChosen?: (candidate: C) => boolean;
}

/** "Add from a picker": a searched list in a dialog; a refusal stays in the dialog with the server's reason. */
export function PickerDialog<D extends CandidatePage>({ open, title, onClose, ...picker }: PickerDialogProps<D>) {
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      {open && <PickerBody {...picker} onClose={onClose} />}
    </Dialog>
  );
}

function PickerBody<D extends CandidatePage>(props: Omit<PickerDialogProps<D>, 'open' | 'title'>) {
  const [search, setSearch] = useState('');
  const candidates = useQuery(props.candidates(search));
  const [isBusy, setIsBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);

  async function pick(candidate: Candidate<D>) {
    setIsBusy(true);
    setRefusal(null);
    try {
      await props.onPick(candidate);
      showToast(props.pickedText(candidate), 'success');
      props.onClose();
    } catch (error) {
      setRefusal(error);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="admin-form">
      {props.intro && <p className="muted">{props.intro}</p>}
      <AdminPicker
        searchLabel={props.searchLabel}
        onSearch={setSearch}
        query={candidates}
        fetchErrorText={props.fetchErrorText}
        keyOf={props.keyOf}
        labelOf={props.labelOf}
        describe={props.describe}
        verb={props.verb}
        onPick={(candidate) => void pick(candidate)}
        isBusy={isBusy}
        emptyText={props.emptyText(search)}
        isChosen={props.isChosen}
        chosenText={props.chosenText}
      />
      <FormError text={refusal ? refusalText(refusal, props.refusedText) : null} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={props.onClose}>
          Close
        </IonButton>
      </div>
    </div>
  );
}
