export interface Stamp {
  recorded_at: string;
  device_id: string;
  device_seq: number;
}

export interface PointRow extends Stamp {
  id: string;
  goal_id: string;
  sub_goal_id: string | null;
  trial_no: number;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: 'correct' | 'incorrect' | 'prompted' | 'no_response' | null;
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
}

export interface DeleteKeyRow extends Stamp {
  goal_id: string;
  sub_goal_id: string | null;
  trial_no: number;
}
