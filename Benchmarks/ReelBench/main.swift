print("reel-bench")
