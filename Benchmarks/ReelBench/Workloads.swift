/// A workload the benchmark can run by its identifier in Docs/Performance.md.
struct Workload {
  let id: String
  let run: (Options) -> [Report]
}

/// Every workload, in the order `reel-bench` runs them.
enum Workloads {
  static var all: [Workload] {
    [
      Workload(id: "W1", run: UniformWorkloads.w1),
      Workload(id: "W1-scale", run: UniformWorkloads.w1Scale),
      Workload(id: "W2", run: MeasuredWorkloads.w2),
      Workload(id: "W3", run: JumpWorkload.w3),
      Workload(id: "W4", run: MeasuredWorkloads.w4),
      Workload(id: "W5", run: BannerWorkload.w5),
      Workload(id: "W6", run: TinyCycleWorkload.w6),
      Workload(id: "W8", run: SectionedWorkload.w8),
      Workload(id: "W9", run: DiffWorkload.w9),
      Workload(id: "W9-animated", run: AnimatedUpdateWorkload.w9Animated),
      Workload(id: "W10", run: HugeMeasuredWorkloads.w10),
      Workload(id: "W10-single", run: HugeMeasuredWorkloads.w10Single),
      Workload(id: "W11", run: HugeMeasuredWorkloads.w11),
      Workload(id: "W12", run: EndAnchoredWorkload.w12),
      Workload(id: "W13-masonry", run: MasonryWorkload.w13),
      Workload(id: "W14-terminal-scroll", run: TerminalScrollWorkload.w14),
      Workload(id: "baseline-eager", run: EagerBaseline.run),
      Workload(id: "baseline-fake-infinity", run: FakeInfinityBaseline.run),
    ]
  }
}
