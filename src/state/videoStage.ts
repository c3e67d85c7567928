/**
 * The table as a video camera: the scene (which owns the renderer) provides a stage that draws the replay
 * frame the table shows into a picture of a video's size; the video export (src/state/videoExport.ts) sets
 * the replay clock and asks the stage for each frame. Here so that neither needs to import the other.
 */
import { create } from "zustand";

export interface VideoStage {
  /** Takes the renderer for a video of this size and returns the picture each `draw` paints. */
  begin(width: number, height: number): HTMLCanvasElement;
  /** Once the table shows replay time `time`: draws it, labels included, into the picture. */
  draw(time: number): Promise<void>;
  /** Gives the renderer back to the table as it was. */
  end(): void;
}

export interface VideoStageStore {
  /** Provided by the scene while the table is mounted. */
  readonly stage?: VideoStage;
  /** A video is being filmed: the table draws only when the export asks (its own loop stops). */
  readonly filming: boolean;
  provide(stage: VideoStage | undefined): void;
  setFilming(filming: boolean): void;
}

export const useVideoStage = create<VideoStageStore>()((set) => ({
  filming: false,
  provide: (stage) => set({ stage }),
  setFilming: (filming) => set({ filming }),
}));
