import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// One sensor as a tile shows it: its values with units, how long since it was read, and how
/// it is, in words.
public struct SensorTile: Equatable, Sendable, Identifiable {
  public struct Value: Equatable, Sendable {
    public let kind: SensorKind
    /// "812 ppm".
    public let text: String
  }

  public let id: String
  public let name: String
  public let room: String
  public let roomID: String
  public let buildingID: String?
  public let kinds: [SensorKind]
  public let values: [Value]
  /// "2 min ago"; nil when it never sent anything.
  public let seen: String?
  public let status: SensorStatus
  /// "OK", "Alerting since 10:42", "Silent — last seen 3 h ago".
  public let statusText: String

  init(_ sensor: SensorBody, now: Date, language: ClientLanguage, timeZone: TimeZone) {
    id = sensor.id
    name = sensor.name
    room = sensor.room.name
    roomID = sensor.room.id
    buildingID = sensor.room.buildingId
    kinds = sensor.kinds
    values = sensor.kinds.compactMap { kind in
      sensor.last[kind.rawValue].map { Value(kind: kind, text: kind.text($0.value)) }
    }
    let seen = sensor.lastSeenAt.flatMap(ClientDates.date).map {
      SensorAppText.ago(seconds: max(0, Int(now.timeIntervalSince($0)))).text(in: language)
    }
    self.seen = seen
    status = sensor.status
    switch sensor.status {
    case .ok: statusText = SensorAppText.statusOK.text(in: language)
    case .alerting:
      statusText = SensorAppText.alertingSince(
        sensor.alertSince.map { ClientDates.clockTime($0, timeZone: timeZone) } ?? "—"
      ).text(in: language)
    case .silent:
      statusText = (seen.map { SensorAppText.silentSince(ago: $0) } ?? .neverSeen).text(in: language)
    }
  }
}

extension SensorList {
  /// The list with new values from a `sensorValues` live event merged in (`{"sensors": {id:
  /// {kind: {value, at}}}}`); a sensor not in the list is left out.
  func merging(liveValues data: String) -> SensorList? {
    struct Event: Decodable { let sensors: [String: [String: SensorValue]] }
    guard let event = try? JSONDecoder().decode(Event.self, from: Data(data.utf8)) else { return nil }
    var list = self
    for index in list.items.indices {
      guard let values = event.sensors[list.items[index].id] else { continue }
      for (kind, value) in values {
        list.items[index].last[kind] = value
        if (list.items[index].lastSeenAt ?? "") < value.at { list.items[index].lastSeenAt = value.at }
      }
      if list.items[index].status == .silent { list.items[index].status = .ok }
    }
    return list
  }
}
