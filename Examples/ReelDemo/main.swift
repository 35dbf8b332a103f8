print("reel-demo")
