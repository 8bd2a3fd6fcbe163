import type { ErrorCode } from '../../contract/errors';
import { AppError } from './app-error';

/** Why a move is refused: the code (a 409 kind) and the sentence the caller reads. */
export interface Refusal {
  code: ErrorCode;
  detail: string;
}

export interface Move<S extends string> {
  /** The statuses the move may start from. */
  from: readonly S[];
  /** The refusal for a status outside `from`. */
  refuse: (status: S) => Refusal;
}

/**
 * The legal moves of an entity that has a status, as one table per entity (a feature's
 * transitions.ts). Services call `check` before they write, so a move is allowed or refused in
 * one place only and an illegal one always answers 409 with its reason.
 */
export function transitions<S extends string, M extends string>(moves: Record<M, Move<S>>) {
  return {
    moves,
    allows: (status: S, move: M) => moves[move].from.includes(status),
    check(status: S, move: M): void {
      if (!moves[move].from.includes(status)) {
        const { code, detail } = moves[move].refuse(status);
        throw new AppError(code, detail);
      }
    },
  };
}
