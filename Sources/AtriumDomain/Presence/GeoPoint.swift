import Foundation

/// A place on the Earth in degrees (WGS-84), as phones and maps give it.
public struct GeoPoint: Sendable, Hashable, Codable {
  public let latitude: Double
  public let longitude: Double

  /// Nil for a latitude outside −90…90, a longitude outside −180…180, or a number that is not
  /// finite.
  public init?(latitude: Double, longitude: Double) {
    guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
    else { return nil }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// The WGS-84 mean radius (R₁ = (2a + b) / 3), in metres.
  public static let meanEarthRadius = 6_371_008.8

  /// The great-circle distance to `other` in metres, by the haversine formula on a sphere of
  /// the mean radius: within 0.5 % of the ellipsoid's, far better than any phone's fix.
  public func distance(to other: GeoPoint) -> Double {
    let lat1 = latitude * .pi / 180
    let lat2 = other.latitude * .pi / 180
    let dLat = lat2 - lat1
    let dLon = (other.longitude - longitude) * .pi / 180
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * Self.meanEarthRadius * asin(min(1, sqrt(h)))
  }
}
