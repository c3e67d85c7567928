/** A replay opens from a link (`?replay=<url>`) once the autosave is restored; dropped files go through Open…. */
import { useEffect } from "react";
import { openReplayUrl } from "../state/replayStore";

export function useReplayOpening(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const url = new URLSearchParams(window.location.search).get("replay");
    if (url) void openReplayUrl(url);
  }, [ready]);
}
