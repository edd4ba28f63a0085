/// The version of strata, stated once: `strata --version` prints it, and a
/// chunked render's digest covers it (chunks of another version never join).
public enum StrataVersion {
    public static let current = "0.1.0"
}
