import AtriumDomain
import Testing

@Suite struct NotificationChoiceTests {
  @Test(arguments: [
    // (choice, board, mail at once, push, waits for the digest)
    (NotificationChoice.everything, true, true, true, false),
    (NotificationChoice(digest: true), true, false, true, true),
    (NotificationChoice(mail: false, digest: true), true, false, true, false),
    (NotificationChoice(board: false, mail: false, push: false), false, false, false, false),
  ])
  func eachChannelSaysWhetherItSendsNow(
    choice: NotificationChoice, board: Bool, mail: Bool, push: Bool, digest: Bool
  ) {
    #expect(choice.sendsAtOnce(on: .board) == board)
    #expect(choice.sendsAtOnce(on: .mail) == mail)
    #expect(choice.sendsAtOnce(on: .push) == push)
    #expect(choice.waitsForDigest == digest)
  }

  @Test func aBareBooleanSetsEveryChannelAndKeepsTheDigest() {
    let digest = NotificationChoice(digest: true)
    let off = NotificationChoiceChange(everyChannel: false).applied(to: digest, kind: .approvalsWaiting)
    #expect(off == NotificationChoice(board: false, mail: false, push: false, digest: true))
    #expect(NotificationChoiceChange(everyChannel: true).applied(to: off, kind: .approvalsWaiting) == digest)
  }

  @Test func onlyKindsThatOfferADigestTakeOne() {
    let asked = NotificationChoiceChange(digest: true)
    #expect(asked.brokenRule(for: .leaveDecisions) == .noDigestForKind)
    #expect(asked.brokenRule(for: .approvalsWaiting) == nil)
    #expect(asked.applied(to: .everything, kind: .leaveDecisions) == .everything)
    #expect(NotificationChoiceChange(mail: false).applied(to: .everything, kind: .leaveDecisions).mail == false)
  }
}
