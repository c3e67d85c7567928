/**
 * The app's own questions before anything replaces or deletes the player's work, never the browser's bare
 * confirm box: "replace this game?" with three answers (save it first, replace it, keep it) and "delete this?"
 * with two. Asked from anywhere with `askToReplaceGame` or `askToConfirm`; the App shows the one dialog.
 */
import { create } from "zustand";
import type { GameLog } from "../../core/game/gameLog";
import { inProgress, useGame } from "../../state/game";
import { downloadGame } from "../../state/persistence";
import { Dialog } from "./Dialog";

interface Question {
  readonly title: string;
  readonly text: string;
  /** The yes button's words. */
  readonly yes: string;
  /** The game a yes replaces: offered to be saved first. */
  readonly game?: GameLog;
  answer(yes: boolean): void;
}

const useQuestion = create<{ question?: Question }>(() => ({}));

function ask(question: Omit<Question, "answer">): Promise<boolean> {
  // A question still open when another comes is answered no: nothing is replaced behind the player's back.
  useQuestion.getState().question?.answer(false);
  return new Promise((resolve) => {
    const answer = (yes: boolean) => {
      useQuestion.setState({ question: undefined });
      resolve(yes);
    };
    useQuestion.setState({ question: { ...question, answer } });
  });
}

/**
 * Whether `game` (the one on the table unless given) may give way to `replacement` (in words: "A new game on
 * Ferme Lebrun under Bolt Action"): at once when nothing would be lost, else when the player says so, after
 * saving it to a file if they ask.
 */
export function askToReplaceGame(title: string, replacement: string, game: GameLog = useGame.getState().log): Promise<boolean> {
  if (!inProgress(game)) return Promise.resolve(true);
  const played = `${game.cursor} ${game.cursor === 1 ? "event" : "events"} played`;
  return ask({
    title,
    text: `${replacement} replaces the game on the table (${game.header.scenario.name}, ${played}). Save this game first if you want to come back to it.`,
    yes: "Replace without saving",
    game,
  });
}

/** A yes or no before something is deleted: `yes` names the deed ("Delete"). */
export const askToConfirm = (title: string, text: string, yes: string): Promise<boolean> => ask({ title, text, yes });

export function ConfirmDialog() {
  const question = useQuestion((s) => s.question);
  if (!question) return null;
  const { title, text, yes, game, answer } = question;
  return (
    <Dialog label={title} testId="confirm-dialog" role="alertdialog" modal onClose={() => answer(false)}>
      <h2>{title}</h2>
      <p>{text}</p>
      <div className="row">
        {game && (
          <button
            type="button"
            onClick={() => {
              downloadGame(game);
              answer(true);
            }}
            data-testid="confirm-save-first"
          >
            Save this game first, then go on
          </button>
        )}
        <button type="button" onClick={() => answer(true)} data-testid="confirm-yes">
          {yes}
        </button>
        <button type="button" onClick={() => answer(false)} autoFocus data-testid="confirm-no">
          {game ? "Keep this game" : "Cancel"}
        </button>
      </div>
    </Dialog>
  );
}
