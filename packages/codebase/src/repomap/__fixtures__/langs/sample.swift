struct Store {
    func get() -> Int { return 1 }
}
