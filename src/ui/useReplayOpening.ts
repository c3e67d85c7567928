/**
 * A replay opens from a link (`?replay=<url>`) once the autosave is restored; dropped files go through Open….
 * When that replay closes (Close, or Continue from here), the link's `replay` goes from the address, so a
 * reload opens the player's game, not the replay again.
 */
import { useEffect } from "react";
import { openReplayUrl, useReplay } from "../state/replayStore";

export function useReplayOpening(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const url = new URLSearchParams(window.location.search).get("replay");
    if (url) void openReplayUrl(url);
  }, [ready]);
  useEffect(
    () =>
      useReplay.subscribe((now, before) => {
        if (!before.replay || now.replay) return;
        const address = new URL(window.location.href);
        if (!address.searchParams.has("replay")) return;
        address.searchParams.delete("replay");
        window.history.replaceState(window.history.state, "", address);
      }),
    [],
  );
}
