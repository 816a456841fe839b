import AtriumAPI
import AtriumMessages
import Foundation
import Observation

/// The board: notices newest first with their read state, the unread count, and mark read
/// (at once on screen, sent now or when the network returns).
@MainActor
public final class BoardViewModel: ScreenModel<BoardViewModel.State> {
  public struct Row: Equatable, Sendable {
    public let id: String
    public let title: String
    public let body: String
    public let date: String
    public let isUnread: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var rows: [Row] = []
    public var unreadText = ""
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any BoardRepository

  public init(repository: any BoardRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    await load(cached: repository.cached(), fresh: repository.notices, show: show)
  }

  public func markReadTapped(id: String) async {
    var next = state
    do {
      _ = try await repository.markRead(id)
      next.rows = next.rows.map {
        $0.id == id ? Row(id: $0.id, title: $0.title, body: $0.body, date: $0.date, isUnread: false) : $0
      }
      next.unreadText = unreadText(next.rows.filter(\.isUnread).count)
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  /// A live event from `ClientSession.events()`: a new notice (or a reset) reloads the board.
  public func eventReceived(_ event: ServerEvent) async {
    if event.name == "notice" || event.name == "reset" { await appeared() }
  }

  public func networkReturned() async {
    _ = await repository.replayOutbox()
    await appeared()
  }

  private func show(_ items: [BoardItem], in next: inout State) {
    next.rows = items.map {
      Row(id: $0.id, title: $0.title, body: $0.body, date: String($0.createdAt.prefix(10)), isUnread: !$0.read)
    }
    next.unreadText = unreadText(items.filter { !$0.read }.count)
  }

  private func unreadText(_ count: Int) -> String {
    AppText.unread(count).text(in: language)
  }
}
