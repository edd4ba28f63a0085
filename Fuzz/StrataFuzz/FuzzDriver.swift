import CFuzzer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What each fuzz executable runs: libFuzzer's driver (its flags, corpus
/// folders and crash files come from the command line) over one target.
public enum FuzzDriver {
    /// The target of this process (a C callback cannot capture it).
    nonisolated(unsafe) private static var target = FuzzTarget.scene

    public static func run(_ target: FuzzTarget) -> Never {
        Self.target = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            FuzzDriver.target.run(bytes)
            return 0
        })
    }
}
