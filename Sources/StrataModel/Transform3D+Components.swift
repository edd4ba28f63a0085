extension Transform3D {
    public func component(_ c: LayerKeyPath.TransformComponent, axis: LayerKeyPath.Axis?) -> AnimatableValue { fatalError("stub") }
    public func settingComponent(_ c: LayerKeyPath.TransformComponent, axis: LayerKeyPath.Axis?, to value: AnimatableValue) -> Transform3D { fatalError("stub") }
}
