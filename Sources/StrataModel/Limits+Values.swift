extension Limits {
    /// Magnitude of every number a scene writes (lengths, coordinates,
    /// factors, rates): far past anything a frame shows (a 16,384-pixel
    /// canvas), and small enough that products of two of them stay exact
    /// integers in a Double and far inside an Int.
    public static let maxMagnitude = 10_000_000.0
    /// The last frame number of the longest scene at the highest rate: the
    /// command line's `--frame` and `--frames` take no larger number.
    public static var maxFrames: Int { Int(maxDuration * maxFPS) }
    /// Combining marks (Unicode non-starters) in a row in a text layer's
    /// string: Unicode's Stream-Safe Text Format (UAX #15) allows 30; a
    /// longer run is no real text, and shaping it costs time quadratic in its length.
    public static let maxCombiningMarks = 30
    /// Characters of a misspelt name that gets a "did you mean" suggestion:
    /// no name of the format or the command line is longer, and the edit
    /// distance costs the product of the two lengths.
    public static let maxSuggestedLength = 64
    /// Edit-distance table cells one list of names spends on suggestions
    /// (each candidate costs the product of the two lengths): a scene with
    /// thousands of unknown names against thousands of params gets
    /// suggestions for the first ones, and validates in well under a second.
    public static let maxSuggestionWork = 10_000_000
}
