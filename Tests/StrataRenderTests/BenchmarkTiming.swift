import Foundation

/// Median wall time of `runs` calls of `body`, in milliseconds (benchmarks
/// print it; tests never assert on time).
func medianMilliseconds(_ runs: Int = 9, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    return times.sorted()[runs / 2]
}
