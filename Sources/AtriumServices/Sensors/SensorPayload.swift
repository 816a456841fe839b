import AtriumDomain
import Foundation

/// What a sensor publishes on `sensors/<id>/readings`: one reading `{"kind": "co2", "value":
/// 812, "ts": "…"}`, a batch of them as an array, or `{"readings": [...]}`. The server's
/// receive time is the reading's time (a device's clock can be wrong; `ts` is not trusted).
package enum SensorPayload {
  /// A payload larger than this is refused whole.
  package static let maximumBytes = 16_384
  /// A batch of more readings than this is refused whole.
  package static let maximumReadings = 200

  /// The sensor's id in a readings topic, or nil for any other topic.
  package static func sensorID(inTopic topic: String) -> String? {
    let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "sensors", parts[2] == "readings", !parts[1].isEmpty else { return nil }
    return String(parts[1])
  }

  /// The readings a payload holds and the refusals of those it could not keep.
  package static func parse(
    _ payload: [UInt8], registered: Set<SensorKind>, at instant: Int64
  )
    -> (readings: [SensorReading], refusals: [ReadingRefusal])
  {
    guard payload.count <= maximumBytes else { return ([], [.oversized]) }
    let data = Data(payload)
    let decoder = JSONDecoder()
    let items: [Item?]
    if let list = try? decoder.decode([Lenient].self, from: data) {
      items = list.map(\.item)
    } else if let wrapper = try? decoder.decode(Batch.self, from: data) {
      items = wrapper.readings.map(\.item)
    } else if let one = try? decoder.decode(Item.self, from: data) {
      items = [one]
    } else {
      return ([], [.malformed])
    }
    guard items.count <= maximumReadings else { return ([], [.oversized]) }
    var readings: [SensorReading] = []
    var refusals: [ReadingRefusal] = []
    for item in items {
      guard let item else {
        refusals.append(.malformed)
        continue
      }
      if let refusal = ReadingRefusal.check(kind: item.kind, value: item.value, registered: registered) {
        refusals.append(refusal)
      } else if let kind = SensorKind(rawValue: item.kind) {
        readings.append(SensorReading(kind: kind, value: item.value, at: instant))
      }
    }
    return (readings, refusals)
  }

  struct Item: Decodable {
    let kind: String
    let value: Double
  }

  /// An item of a batch, nil when it is not a reading (the others still count).
  struct Lenient: Decodable {
    let item: Item?

    init(from decoder: any Decoder) throws {
      item = try? Item(from: decoder)
    }
  }

  struct Batch: Decodable {
    let readings: [Lenient]
  }
}
