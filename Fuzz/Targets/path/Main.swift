import StrataFuzz

/// `make fuzz` runs this with libFuzzer's flags and corpus folders.
@main enum Main {
    static func main() { FuzzDriver.run(.path) }
}
