/**
 * Replays open from a link (`?replay=<url>`, once the autosave is restored) and from a .json file dropped
 * anywhere on the window.
 */
import { useEffect } from "react";
import { openReplayText, openReplayUrl } from "../state/replayStore";

export function useReplayOpening(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const url = new URLSearchParams(window.location.search).get("replay");
    if (url) void openReplayUrl(url);
  }, [ready]);
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
    };
    // Only JSON files: a miniature dropped on the table is the table's (it handles the drop first).
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file || e.defaultPrevented || !/\.json$/i.test(file.name)) return;
      e.preventDefault();
      void file.text().then((text) => openReplayText(text, file.name));
    };
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  }, []);
}
