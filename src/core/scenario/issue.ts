/** What a check of a scenario finds wrong: where (a JSON path) and what. */
export interface ScenarioIssue {
  /** JSON path such as `forces[1].units[3].models[0].position`; ROOT_PATH (load.ts) for the file as a whole. */
  readonly path: string;
  readonly message: string;
}
