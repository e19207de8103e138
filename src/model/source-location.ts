/** A place in an input file: enough to open it at the line. */
export interface SourceLocation {
  file: string;
  line: number;
}

/** A line that could not be decoded, or a problem found while building a session. */
export interface LocatedProblem {
  location: SourceLocation;
  type: string;
  message: string;
}
