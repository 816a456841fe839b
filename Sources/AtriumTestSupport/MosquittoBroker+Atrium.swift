import AtriumServices

extension MosquittoBroker {
  /// How `atrium serve` reaches this broker: as its dynamic-security admin, under `clientID`.
  public func atriumSettings(clientID: String, publicURL: String? = nil) throws -> SensorSettings {
    try SensorSettings(
      url: url, admin: "\(Self.adminUsername):\(adminPassword)", caFile: nil, clientID: clientID, isShared: false,
      publicURL: publicURL)
  }
}
