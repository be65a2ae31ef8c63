# The suites the thread sanitizer runs (scripts/tsan), shared with scripts/test, whose plain
# run leaves them to it: each test runs once, under TSan, except the SKIP list below. They are
# the suites whose tests run threads or tasks (transport, worker pool, streams, the engine and
# its outbox against servers, the mixer, the app's jobs); a suite of pure functions (parsing,
# wording, state machines stepped by hand) gains nothing from TSan and costs 5 to 15 times its
# time, so it runs in the plain step. Package.swift compiles only these suites' files for TSan
# (LOOWI_TSAN_SUITES); scripts/test checks that TSan runs as many tests as these filters select.
# Each name is anchored (".Name/") so that "EngineTests" does not select TweetEngineTests.
tsan_select() { local IFS='|'; echo "\.($*)/"; }
# The speech suites wait for sound with real-time deadlines, so they run in a process of their
# own: in one process with the rest, CPU-bound tests held both threads of the cooperative pool
# for 10 to 40 s, and the speech tests' 10 s waits ran out before their pipelines were even
# scheduled (CI, stop 28).
TSAN_SPEECH=$(tsan_select MixerTests PriorityTests SynthesisTests FeedbackPumpTests)
TSAN_REST=$(tsan_select \
  CurlTransportTests TransportPolicyTests CurlOpeningTests WorkerPoolTests MutexContentionTests \
  StreamingUnitTests QuietStreamTests BoundedStreamTests WebSocketChoiceTests WebSocketIntegrationTests \
  TLSIntegrationTests MockIntegrationTests TransportWordingTests MediaFileTests MediaLimitTests FileBodyTransportTests \
  EngineTests OutboxEngineTests OutboxDeliveryMachineTests PublishedPostMatchTests PagingTests MoreBuffersTests \
  StartRequestTests RateLimitWaitTests PostingDefaultsTests GroupedNotificationsTests HostileNumberTests \
  ClientFilterTests PollTests TokenSafetyTests SmallerDefectsEngineTests \
  UseCaseTests StartUpTests TimelineScreenTests DemoServerTests)
# Tests whose assertions are about timing, not races: under TSan (5 to 15 times slower, on
# a shared 2-core machine) the mixer can be starved so that there is nothing to flush when
# the interrupt comes; the rate-limit test needs five requests inside the mock's 2 s window,
# which a slowed engine can spread over two windows (so nothing waits). The normal
# `swift test` step still runs them.
TSAN_SKIP='PriorityTests/interruptStops|rateLimitingOnTheEngineWaitsForTheResetAndReportsIt'
