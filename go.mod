module github.com/fasturi/fasturi

go 1.26
