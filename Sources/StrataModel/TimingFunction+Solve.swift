extension TimingFunction {
    /// The eased progress y for input progress x (0...1), solving the Bézier accurately.
    public func evaluate(_ x: Double) -> Double {
        fatalError("TODO: timing helper")
    }
}
