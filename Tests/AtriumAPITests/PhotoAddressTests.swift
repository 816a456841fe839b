import AtriumAPI
import Testing

@Suite struct PhotoAddressTests {
  /// The shortcut makes the address the route table makes, for ids and versions that need
  /// percent-encoding too, and the address routes back to the same photo.
  @Test(arguments: PhotoSize.allCases)
  func theAddressIsTheRouteTablesAddress(_ size: PhotoSize) throws {
    let ids = ["5f0e4a3c-8d1b-4c2e-9a7f-0b6d3e2c1a90", "a b/c", "ñ?&=#", "", "0atriumphotoidmark0"]
    let versions: [String?] = [nil, "3f2a9c", "v 1/2", "é", ""]
    for id in ids {
      for version in versions {
        let route = Route.people(.photo(id: id, size: size, version: version))
        let address = PhotoAddress.of(id, size: size, version: version)
        #expect(address == route.pathAndQuery, "id \(id), version \(version ?? "nil")")
      }
    }
  }
}
