import type { CalendarEvent } from '../../../../contract/calendar';
import { Dialog } from '../../../shared/ui/dialog';
import type { WallTime } from '../zone';
import { EventForm } from './event-form';
import { MoveSessionForm, type MoveRequest } from './move-session-form';
import { SessionForm } from './session-form';
import type { EventSlot } from './use-event-form';

/** The one form open over the calendar, if any. */
export type CalendarSheet =
  | { kind: 'session'; slot: { start: WallTime; endTime: string } }
  | { kind: 'move'; request: MoveRequest }
  | { kind: 'event'; event: CalendarEvent | null; slot: EventSlot };

interface CalendarSheetsProps {
  sheet: CalendarSheet | null;
  orgCode: string;
  organizationId: string;
  zone: string;
  canOverride: boolean;
  onClose: () => void;
}

const TITLE = { session: 'New session', move: 'Move session' } as const;

/** The calendar's forms, in the app's dialog: a new session, moving one, or an event. */
export function CalendarSheets({ sheet, orgCode, organizationId, zone, canOverride, onClose }: CalendarSheetsProps) {
  const common = { orgCode, organizationId, zone, onDone: onClose };
  const title = !sheet ? '' : sheet.kind === 'event' ? (sheet.event ? 'Edit event' : 'New event') : TITLE[sheet.kind];
  const close = () => {
    // Leaving a dragged session's dialog puts the session back where it was.
    if (sheet?.kind === 'move') {
      sheet.request.revert?.();
    }
    onClose();
  };
  return (
    <Dialog open={sheet !== null} title={title} onClose={close} wide>
      {sheet?.kind === 'session' && <SessionForm {...common} slot={sheet.slot} canOverride={canOverride} />}
      {sheet?.kind === 'move' && <MoveSessionForm {...common} request={sheet.request} canOverride={canOverride} />}
      {sheet?.kind === 'event' && <EventForm {...common} event={sheet.event} slot={sheet.slot} />}
    </Dialog>
  );
}
