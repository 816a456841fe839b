import AtriumAPI
import Foundation

/// An audit entry as an HR team reads it: whom it concerned, by name, and what changed, field
/// by field, from the JSON kept before and after.
package enum AuditReading {
  package struct Change: Hashable, Sendable {
    package let field: String
    /// Empty when the field was not there.
    package let before: String
    package let after: String
  }

  /// The target's name from its own data (a person's name, a place's, a notice's title); its
  /// id when the data holds none.
  package static func targetName(_ entry: AuditEntry) -> String {
    let object = json(entry.after) ?? json(entry.before) ?? [:]
    if let name = object["displayName"] as? String ?? object["name"] as? String ?? object["title"] as? String {
      return name
    }
    let full = [object["firstName"], object["lastName"]].compactMap { $0 as? String }.joined(separator: " ")
    if !full.isEmpty { return full }
    if let date = object["date"] as? String { return date }
    return entry.targetId
  }

  /// The fields whose value differs between before and after, in the order of their names.
  package static func changes(_ entry: AuditEntry) -> [Change] {
    let before = json(entry.before) ?? [:]
    let after = json(entry.after) ?? [:]
    return Set(before.keys).union(after.keys).filter { $0 != "id" }.sorted().compactMap { field in
      let old = before[field].map(text) ?? ""
      let new = after[field].map(text) ?? ""
      return old == new ? nil : Change(field: field, before: old, after: new)
    }
  }

  private static func json(_ text: String?) -> [String: Any]? {
    guard let text, let data = text.data(using: .utf8) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  /// A value as one line: text as it is, numbers and true/false as written, lists and objects
  /// as compact JSON.
  private static func text(_ value: Any) -> String {
    switch value {
    case let string as String: return string
    case let number as NSNumber:
      // JSON's true and false come as numbers of the C type `char`.
      return String(cString: number.objCType) == "c" ? (number.boolValue ? "true" : "false") : number.stringValue
    case is NSNull: return ""
    default:
      guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "" }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
