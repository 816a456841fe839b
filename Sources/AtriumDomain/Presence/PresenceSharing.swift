/// Who may see a person's check-ins: nobody until they choose otherwise (privacy by default).
public enum PresenceSharing: String, Sendable, Hashable, Codable, CaseIterable {
  case off
  /// Those in their mates list who have them in theirs too.
  case mates
  /// Everyone in the company.
  case everyone

  /// Whether `viewer` sees the check-ins of someone who shares `sharing`. Adding someone to
  /// one's mates never grants their location by itself: mates see each other only when each
  /// added the other. A manager or an admin sees no one by their role (admins see counts per
  /// building only, never names), and a person always sees their own.
  /// - Parameters:
  ///   - theyAddedViewer: Whether the person has the viewer in their mates list.
  ///   - viewerAddedThem: Whether the viewer has the person in theirs.
  public static func isVisible(
    sharing: PresenceSharing, isSelf: Bool, theyAddedViewer: Bool, viewerAddedThem: Bool
  ) -> Bool {
    if isSelf { return true }
    switch sharing {
    case .off: return false
    case .mates: return theyAddedViewer && viewerAddedThem
    case .everyone: return true
    }
  }

  /// How long check-ins are kept, in days; older ones are deleted.
  public static let historyDays = 30
}
