// reel-bench: the workloads of Docs/Performance.md, one JSON object per line.
//
//   swift run -c release reel-bench                 # everything (a few minutes)
//   swift run -c release reel-bench --quick         # tiny sizes: the CI smoke run
//   swift run -c release reel-bench --workload W3 --frames 2000 --runs 1
//   swift run -c release reel-bench --workload W10,W10-single  # several, in one run

#if canImport(Glibc)
  import Glibc
#endif

switch Options.parse(CommandLine.arguments.dropFirst()) {
case .failure(let error):
  if !error.message.isEmpty { print("reel-bench: \(error.message)") }
  print(Options.usage)
  exit(error.message.isEmpty ? 0 : 2)
case .success(let options):
  let ids = options.workload.map { $0.split(separator: ",").map(String.init) }
  let selected = Workloads.all.filter { ids?.contains($0.id) ?? true }
  if selected.isEmpty {
    print("reel-bench: unknown workload \(options.workload ?? "")\n\(Options.usage)")
    exit(2)
  }
  Machine.stabilizeAllocator()
  for workload in selected {
    for report in workload.run(options) { print(report.line) }
  }
}
